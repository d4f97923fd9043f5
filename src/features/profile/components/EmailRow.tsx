/** The e-mail, read-only in view and edit mode alike: it is how the member signs in. */
export function EmailRow({ email }: { email: string }) {
  return (
    <div>
      <dt>E-mail</dt>
      <dd>{email}</dd>
      <dd className="profile-note-small">To change your e-mail address, contact support.</dd>
    </div>
  );
}

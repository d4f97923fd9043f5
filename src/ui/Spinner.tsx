import './spinner.css';

/** A centred busy indicator with an accessible label; after 2 s it says the connection is slow (spinner.css). */
export function Spinner({ label = 'Loading' }: { label?: string }) {
  return (
    <div className="spinner-wrap" role="status">
      <span className="spinner" aria-hidden="true" />
      <span className="visually-hidden">{label}</span>
    </div>
  );
}

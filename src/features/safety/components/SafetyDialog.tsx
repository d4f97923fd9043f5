import { useState, type FormEvent } from 'react';
import type { ConversationPerson } from '../../../../contract/messages';
import { REPORT_REASON_TEXT, REPORT_REASONS, REPORT_TEXT_MAX_LENGTH, type ReportReason } from '../../../../contract/safety';
import { errorMessage } from '../../../lib/api-client';
import { isOverLimit } from '../../../lib/text-limit';
import { Button } from '../../../ui/Button';
import { Dialog } from '../../../ui/Dialog';
import { TextAreaField } from '../../../ui/Field';
import { toast } from '../../../ui/toast-store';
import { useBlockMember } from '../api/block';
import { useReportMember } from '../api/report';
import './safety.css';

type Step = 'choose' | 'report' | 'reported' | 'block';

interface Props {
  member: ConversationPerson;
  onClose: () => void;
  onBlocked?: () => void;
}

/**
 * Report or block a member (docs/product.md, 'Safety'): a report says why and goes to the team;
 * then, or instead, a block. Neither is told to the member.
 */
export function SafetyDialog({ member, onClose, onBlocked }: Props) {
  const [step, setStep] = useState<Step>('choose');
  const name = `${member.firstName} ${member.lastName}`.trim();
  const block = useBlockMember();
  const report = useReportMember(member.id);
  const [reason, setReason] = useState<ReportReason | null>(null);
  const [text, setText] = useState('');
  const count = { length: text.trim().length, max: REPORT_TEXT_MAX_LENGTH };

  const sendReport = (event: FormEvent) => {
    event.preventDefault();
    if (!reason || isOverLimit(count)) return;
    report.mutate({ reason, text: text.trim() }, { onSuccess: () => setStep('reported') });
  };
  const confirmBlock = () =>
    block.mutate(member, {
      onSuccess: () => {
        toast({ title: `${name} is blocked`, description: 'You will not see each other in Mingle any more.' });
        onClose();
        onBlocked?.();
      },
    });

  if (step === 'report')
    return (
      <Dialog open title={`Report ${member.firstName}`} description="What is wrong? Only the Mingle team sees your report." onClose={onClose}>
        <form className="safety-form" onSubmit={sendReport}>
          <fieldset className="safety-reasons">
            <legend>Reason</legend>
            {REPORT_REASONS.map((value) => (
              <label key={value} className="safety-reason">
                <input type="radio" name="reason" value={value} checked={reason === value} onChange={() => setReason(value)} />
                {REPORT_REASON_TEXT[value]}
              </label>
            ))}
          </fieldset>
          <TextAreaField label="Anything to add (optional)" value={text} onChange={(event) => setText(event.target.value)} count={count} rows={3} />
          {report.isError && (
            <p className="safety-error" role="alert">
              {errorMessage(report.error)}
            </p>
          )}
          <div className="safety-actions">
            <Button type="submit" disabled={!reason || isOverLimit(count)} loading={report.isPending}>
              Send report
            </Button>
            <Button variant="ghost" onClick={() => setStep('choose')}>
              Back
            </Button>
          </div>
        </form>
      </Dialog>
    );

  if (step === 'block' || step === 'reported')
    return (
      <Dialog
        open
        title={step === 'reported' ? 'Thank you for telling us' : `Block ${name}?`}
        description={
          step === 'reported'
            ? `We will look into it. ${member.firstName} is not told. Do you want to block ${member.firstName} too?`
            : `You will not see each other in Mingle any more: not in decks, the feed, your connections, messages or meetings. Your connection ends, and unblocking later does not bring it back. ${member.firstName} is not told.`
        }
        onClose={onClose}
      >
        {block.isError && (
          <p className="safety-error" role="alert">
            {errorMessage(block.error)}
          </p>
        )}
        <div className="safety-actions">
          <Button variant="danger" onClick={confirmBlock} loading={block.isPending}>
            Block {member.firstName}
          </Button>
          <Button variant="ghost" onClick={onClose}>
            {step === 'reported' ? 'Done' : 'Cancel'}
          </Button>
        </div>
      </Dialog>
    );

  return (
    <Dialog open title={name} description="Something wrong? Tell us, or stop seeing each other." onClose={onClose}>
      <div className="safety-actions safety-actions--stacked">
        <Button variant="secondary" onClick={() => setStep('report')}>
          Report {member.firstName}
        </Button>
        <Button variant="danger" onClick={() => setStep('block')}>
          Block {member.firstName}
        </Button>
        <Button variant="ghost" onClick={onClose}>
          Cancel
        </Button>
      </div>
    </Dialog>
  );
}

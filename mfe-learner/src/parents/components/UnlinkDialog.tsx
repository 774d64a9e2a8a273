import { ConfirmDialog } from '@academy/ui';

export interface UnlinkDialogProps {
  /** The person whose link goes: the child (from a parent's side) or the parent (from a child's side). */
  name: string;
  side: 'parent' | 'child';
  busy: boolean;
  error: string | null;
  onConfirm(): void;
  onClose(): void;
}

/**
 * Asks before a link is removed, naming the person and what is lost (a modal dialog: focus starts on Cancel, the
 * safe choice, stays inside, Escape and the backdrop close it, focus returns to the opener).
 */
export function UnlinkDialog({ name, side, busy, error, onConfirm, onClose }: UnlinkDialogProps) {
  return (
    <ConfirmDialog title={`Remove the link with ${name}?`} confirmLabel={busy ? 'Removing…' : `Remove ${name}`} busy={busy} error={error} onConfirm={onConfirm} onCancel={onClose}>
      {side === 'parent' ? (
        <>
          <p>You will no longer see {name}&apos;s courses, progress, certificates, receipts or messages with their educators, and you will not get emails about {name}.</p>
          <p>To link again, {name} has to create a new code for you.</p>
        </>
      ) : (
        <>
          <p>{name} will no longer see your courses, progress or certificates, and cannot buy courses for you.</p>
          <p>To link again, you have to create a new code for them.</p>
        </>
      )}
    </ConfirmDialog>
  );
}

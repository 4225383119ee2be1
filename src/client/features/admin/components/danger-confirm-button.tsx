import { Button } from '@mantine/core';
import { confirmAction } from '../../../components/confirm';

type Props = {
  /** The button's text, and the confirm button's in the question. */
  label: string;
  /** A name of its own where the text alone does not say what the button acts on. */
  'aria-label'?: string;
  title: string;
  message: string;
  /** Runs once the admin confirms; not at all on cancel. */
  onConfirm: () => void;
};

/** A red button for what cannot be undone (revoke, delete): it asks first. */
export function DangerConfirmButton({ label, 'aria-label': ariaLabel, title, message, onConfirm }: Props) {
  const ask = async () => {
    const ok = await confirmAction({ title, message, confirmLabel: label, danger: true });
    if (ok) onConfirm();
  };
  return (
    <Button size="xs" variant="outline" color="red.8" onClick={() => void ask()} aria-label={ariaLabel}>
      {label}
    </Button>
  );
}

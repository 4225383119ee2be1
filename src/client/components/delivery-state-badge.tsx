import { Badge } from '@mantine/core';

/** The states of a delivery done in the background (a mail of the outbox, a webhook call). */
export type DeliveryState = 'pending' | 'sending' | 'done' | 'kept' | 'failed';

/**
 * Filled badge colours whose text keeps a contrast of at least 4.5:1: dark shades under white
 * text, and black text on the amber of a waiting delivery (white on it is only 2.99:1).
 */
const look: Record<DeliveryState, { color: string; c?: string }> = {
  pending: { color: 'yellow.9', c: 'black' },
  sending: { color: 'blue.8' },
  done: { color: 'teal.9' },
  kept: { color: 'gray.7' },
  failed: { color: 'red.8' },
};

/** A delivery's state as a badge (outbox, webhook deliveries). */
export function DeliveryStateBadge({ state, label }: { state: DeliveryState; label: string }) {
  return (
    <Badge {...look[state]} variant="filled" radius="sm" style={{ minWidth: 'max-content' }}>
      {label}
    </Badge>
  );
}

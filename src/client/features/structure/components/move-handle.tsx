import { ActionIcon } from '@mantine/core';
import { IconGripVertical } from '@tabler/icons-react';
import type { DragEvent } from 'react';

/** What is being dragged: one subproject, or one approval lot of a subproject. */
export type DragItem = { kind: 'subproject'; subId: string } | { kind: 'lot'; subId: string; lotId: string };

let dragging: DragItem | null = null;
export const currentDrag = () => dragging;

/**
 * The handle that moves a row: drag it with the mouse, or focus it and press Arrow up / Arrow down
 * (the focus stays on the handle, so a row can be moved several places in a row).
 */
export function MoveHandle({
  label,
  hint,
  item,
  onMove,
  disabled,
}: {
  label: string;
  hint: string;
  item: DragItem;
  onMove: (by: number) => void;
  disabled?: boolean;
}) {
  return (
    // A plain title, not a Tooltip: hundreds of handles are on screen with a large structure.
    <ActionIcon
      title={hint}
      variant="subtle"
      color="gray"
      aria-label={label}
      aria-keyshortcuts="ArrowUp ArrowDown"
      disabled={disabled}
      draggable={!disabled}
      style={{ cursor: disabled ? undefined : 'grab' }}
      onDragStart={(e: DragEvent) => {
        dragging = item;
        e.dataTransfer.effectAllowed = 'move';
        e.dataTransfer.setData('text/plain', label);
      }}
      onDragEnd={() => {
        dragging = null;
      }}
      onKeyDown={(e) => {
        if (e.key === 'ArrowUp' || e.key === 'ArrowDown') {
          e.preventDefault();
          e.stopPropagation();
          onMove(e.key === 'ArrowUp' ? -1 : 1);
        }
      }}
    >
      <IconGripVertical size={16} aria-hidden />
    </ActionIcon>
  );
}

import { Tooltip as MantineTooltip, type TooltipProps } from '@mantine/core';
import { cloneElement, isValidElement, useEffect, useId, useState, type PointerEvent } from 'react';

type TriggerProps = {
  onPointerEnter?: (event: PointerEvent<HTMLElement>) => void;
  onPointerLeave?: (event: PointerEvent<HTMLElement>) => void;
  'aria-describedby'?: string;
};

/**
 * Mantine's tooltip, built when the pointer first rests on its element. Mantine's builds its
 * floating logic with every element it wraps, and on mounting updates itself once more at once
 * (its element reference is state): a page of tooltips paid for that in one long task while it
 * opened. Here the element renders as it is until a mouse or pen enters it; the tooltip then
 * attaches to it as `target` (the element stays the same node: focus and state are kept) and opens
 * while the pointer is over it or until Escape, like Mantine's own on hover. As Mantine's, it does
 * not open on touch or keyboard focus, and describes its element (`aria-describedby`) while open.
 * With `opened` given, the state is the caller's: that is Mantine's tooltip unchanged.
 */
export function Tooltip(props: TooltipProps) {
  if (props.opened !== undefined || props.target !== undefined) return <MantineTooltip {...props} />;
  return <HoverTooltip {...props} />;
}

function HoverTooltip({ children, label, disabled, ...rest }: TooltipProps) {
  // The element the pointer entered: the tooltip is built for it then, not before.
  const [element, setElement] = useState<HTMLElement | null>(null);
  const [opened, setOpened] = useState(false);
  const labelId = useId();
  const open = opened && !disabled;

  useEffect(() => {
    if (!open) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setOpened(false);
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [open]);

  if (!isValidElement<TriggerProps>(children)) return children;
  const own = children.props;
  const trigger = cloneElement(children, {
    onPointerEnter: (event: PointerEvent<HTMLElement>) => {
      own.onPointerEnter?.(event);
      if (event.pointerType === 'touch') return;
      setElement(event.currentTarget);
      setOpened(true);
    },
    onPointerLeave: (event: PointerEvent<HTMLElement>) => {
      own.onPointerLeave?.(event);
      setOpened(false);
    },
    'aria-describedby': open ? [own['aria-describedby'], labelId].filter(Boolean).join(' ') : own['aria-describedby'],
  });

  return (
    <>
      {trigger}
      {element && <MantineTooltip {...rest} label={<span id={labelId}>{label}</span>} target={element} opened={open} />}
    </>
  );
}

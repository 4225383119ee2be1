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
 * `openDelay` holds it back until the pointer has rested that long (a pointer crossing a grid of
 * such elements opens none). With `opened` given, the state is the caller's: that is Mantine's
 * tooltip unchanged.
 */
export function Tooltip(props: TooltipProps) {
  if (props.opened !== undefined || props.target !== undefined) return <MantineTooltip {...props} />;
  return <HoverTooltip {...props} />;
}

function HoverTooltip({ children, label, disabled, openDelay = 0, ...rest }: TooltipProps) {
  // The element the pointer entered: the tooltip is built for it then, not before.
  const [element, setElement] = useState<HTMLElement | null>(null);
  const [opened, setOpened] = useState(false);
  const labelId = useId();
  const open = opened && !disabled;
  // The element the pointer rests on while `openDelay` runs.
  const [resting, setResting] = useState<HTMLElement | null>(null);

  useEffect(() => {
    if (!resting) return;
    const timer = window.setTimeout(() => {
      setElement(resting);
      setOpened(true);
    }, openDelay);
    return () => window.clearTimeout(timer);
  }, [resting, openDelay]);

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
      if (openDelay > 0) {
        setResting(event.currentTarget);
        return;
      }
      setElement(event.currentTarget);
      setOpened(true);
    },
    onPointerLeave: (event: PointerEvent<HTMLElement>) => {
      own.onPointerLeave?.(event);
      setResting(null);
      setOpened(false);
    },
    'aria-describedby': open ? [own['aria-describedby'], labelId].filter(Boolean).join(' ') : own['aria-describedby'],
  });

  return (
    <>
      {trigger}
      {element && <MantineTooltip {...rest} label={<div id={labelId}>{label}</div>} target={element} opened={open} />}
    </>
  );
}

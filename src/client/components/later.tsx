import { startTransition, useEffect, useState, type ReactNode } from 'react';

type Props = {
  /** How many commits after its own mount the children appear (parts of the same stage appear together). */
  stage?: number;
  children: ReactNode;
};

/**
 * Renders its children (nothing before) a few commits after it mounted, each step a transition (built in slices
 * between which the browser paints and answers input). A page's parts then do not all add their
 * elements, effects and layout to the one task that shows the page: React commits a transition's
 * result in one piece, and a long page committed whole held the main thread for as long. Stages
 * must follow the page's order (a part that appears later above one shown earlier would move it);
 * what the user reads first has the lowest.
 */
export function Later({ stage = 1, children }: Props) {
  const [step, setStep] = useState(0);
  useEffect(() => {
    if (step < stage) startTransition(() => setStep((s) => s + 1));
  }, [step, stage]);
  return step >= stage ? children : null;
}

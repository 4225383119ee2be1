import { useMemo, useState, type KeyboardEvent } from 'react';
import type { PdfComparisonView } from '../../../../shared/schemas/compare';
import { changeSteps, wrapStep } from '../components/compare-steps';

/**
 * The page shown and the change stepped to in a PDF comparison: buttons or the N and P (J and K)
 * keys step through the changes, wrapping around, and go to the change's page.
 */
export function useCompareSteps(result: PdfComparisonView | null) {
  const [page, setPage] = useState(1);
  const [step, setStep] = useState(0);
  const steps = useMemo(() => changeSteps(result), [result]);
  const current = steps[step] ?? null;

  const goToStep = (n: number) => {
    if (steps.length === 0) return;
    const next = wrapStep(n, steps.length);
    setStep(next);
    setPage(steps[next]!.page);
  };
  /** A change's box clicked on the page shown. */
  const pick = (index: number) => {
    const n = steps.findIndex((s) => s.page === page && s.index === index);
    if (n >= 0) setStep(n);
  };
  const onKeyDown = (e: KeyboardEvent) => {
    if (e.target instanceof HTMLInputElement || e.altKey || e.ctrlKey || e.metaKey) return;
    if (e.key === 'n' || e.key === 'j') goToStep(step + 1);
    else if (e.key === 'p' || e.key === 'k') goToStep(step - 1);
    else return;
    e.preventDefault();
  };
  return { page, setPage, steps, step, current, goToStep, pick, restart: () => setStep(0), onKeyDown };
}

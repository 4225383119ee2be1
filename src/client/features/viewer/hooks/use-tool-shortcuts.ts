import { useEffect } from 'react';
import type { PdfTool } from '../components/pdf-page';
import { toolForKey } from '../components/pdf-tools';

/** One key per tool (shown in its label) while `enabled`. */
export function useToolShortcuts(enabled: boolean, onTool: (tool: PdfTool) => void) {
  useEffect(() => {
    if (!enabled) return;
    const onKey = (e: KeyboardEvent) => {
      const tool = toolForKey(e);
      if (!tool) return;
      e.preventDefault();
      onTool(tool);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [enabled, onTool]);
}

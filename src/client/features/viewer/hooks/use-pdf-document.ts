import * as pdfjs from 'pdfjs-dist';
import type { PDFDocumentProxy } from 'pdfjs-dist';
import workerUrl from 'pdfjs-dist/build/pdf.worker.min.mjs?url';
import { useEffect, useState } from 'react';

pdfjs.GlobalWorkerOptions.workerSrc = workerUrl;

export type PageSize = { w: number; h: number };

/**
 * A PDF opened with pdf.js (worker in its own chunk), closed when the URL changes or the component
 * goes. With `readSizes`, the pages' sizes are read first (cheap), so a scroll area has its final
 * height before anything renders, and a document without pages counts as unreadable.
 */
export function usePdfDocument(url: string, readSizes = false) {
  const [doc, setDoc] = useState<PDFDocumentProxy | null>(null);
  const [sizes, setSizes] = useState<PageSize[]>([]);
  const [error, setError] = useState(false);
  useEffect(() => {
    let cancelled = false;
    setDoc(null);
    setError(false);
    const task = pdfjs.getDocument({ url, withCredentials: true, isEvalSupported: false });
    task.promise
      .then(async (d) => {
        if (readSizes) {
          // A document without pages has nothing to review: shown as unreadable, not as loading.
          if (d.numPages === 0) throw new Error('no pages');
          const list: PageSize[] = [];
          for (let i = 1; i <= d.numPages; i++) {
            const vp = (await d.getPage(i)).getViewport({ scale: 1 });
            list.push({ w: vp.width, h: vp.height });
          }
          if (cancelled) return;
          setSizes(list);
        }
        if (!cancelled) setDoc(d);
      })
      .catch(() => !cancelled && setError(true));
    return () => {
      cancelled = true;
      void task.destroy();
    };
  }, [url, readSizes]);
  return { doc, sizes, error };
}

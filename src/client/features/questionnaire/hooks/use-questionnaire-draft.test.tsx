import { act, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { setValue } from '../../../../shared/questionnaire/engine';
import { renderHookWithProviders } from '../../../test/render';
import { questionnaireFixture } from '../test/questionnaire-fixture';
import { draftKey, useQuestionnaireDraft } from './use-questionnaire-draft';

describe('useQuestionnaireDraft', () => {
  it('keeps typed values in the browser until saved, and gives them back on the next visit', async () => {
    const q = questionnaireFixture();
    const first = renderHookWithProviders(() => useQuestionnaireDraft(q));
    expect(first.result.current.dirty).toBe(false);

    act(() => first.result.current.setData((d) => setValue(q.sheets, d, 'a', 'name', 'Haus am See')));
    expect(first.result.current.dirty).toBe(true);
    await waitFor(() => expect(localStorage.getItem(draftKey(q.rootUnitId))).toContain('Haus am See'));
    first.unmount();

    // The next visit starts from the draft, not from the saved (empty) sheet.
    const again = renderHookWithProviders(() => useQuestionnaireDraft(q));
    expect(again.result.current.dirty).toBe(true);
    expect(again.result.current.data.a?.name).toBe('Haus am See');

    act(() => again.result.current.discard());
    expect(again.result.current.dirty).toBe(false);
    expect(localStorage.getItem(draftKey(q.rootUnitId))).toBeNull();
  });

  it('asks before the tab closes only while something is unsaved', () => {
    const q = questionnaireFixture();
    const { result } = renderHookWithProviders(() => useQuestionnaireDraft(q));
    const closing = () => {
      const event = new Event('beforeunload', { cancelable: true });
      window.dispatchEvent(event);
      return event.defaultPrevented;
    };
    expect(closing()).toBe(false);
    act(() => result.current.setData((d) => setValue(q.sheets, d, 'b', 'remark', 'Zufahrt über Hof')));
    expect(closing()).toBe(true);
  });

  it('reads no draft for someone who may only read the sheet', () => {
    const q = questionnaireFixture({ canEdit: false });
    localStorage.setItem(draftKey(q.rootUnitId), JSON.stringify({ a: { name: 'alt' } }));
    const { result } = renderHookWithProviders(() => useQuestionnaireDraft(q));
    expect(result.current.dirty).toBe(false);
    expect(result.current.data.a?.name).not.toBe('alt');
  });
});

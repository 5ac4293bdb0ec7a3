import { act, renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../lib/api-client.ts';
import { useNotices } from '../lib/notify.ts';
import { type DialogSave, useDialogSave } from './dialog-save.tsx';

interface Note {
  id: number;
  updatedAt: string;
  text: string;
}

const note: Note = { id: 4, updatedAt: '2030-01-01T00:00:00.000Z', text: 'first' };

/** What each save was asked to do, and how the next one answers (resolves unless told). */
function requests() {
  const sent: { kind: 'create' | 'update'; input: string; id?: number; version?: string }[] = [];
  let answer: () => Promise<unknown> = async () => ({});
  const save: DialogSave<string, Note> = {
    create: {
      run: (input) => {
        sent.push({ kind: 'create', input });
        return answer();
      },
      success: 'Note created successfully',
      failure: 'Failed to create note',
    },
    update: {
      run: (input, { id }, version) => {
        sent.push({ kind: 'update', input, id, ...(version ? { version } : {}) });
        return answer();
      },
      success: 'Note updated successfully',
    },
    signedOut: 'You must be logged in to manage notes',
  };
  return {
    sent,
    save,
    answerWith(next: () => Promise<unknown>) {
      answer = next;
    },
  };
}

function renderDialogSave(record: Note | undefined, save: DialogSave<string, Note>) {
  let closed = 0;
  const view = renderHook(() => ({
    dialog: useDialogSave(record, save, () => {
      closed += 1;
    }),
    notice: useNotices()[0],
  }));
  return { view, closes: () => closed };
}

describe('a dialog’s save', () => {
  it('creates when it edits nothing, says so and closes', async () => {
    const { sent, save } = requests();
    const { view, closes } = renderDialogSave(undefined, save);
    await act(() => view.result.current.dialog.submit('new'));
    expect(sent).toEqual([{ kind: 'create', input: 'new' }]);
    expect(view.result.current.notice).toMatchObject({ title: 'Note created successfully' });
    expect(closes()).toBe(1);
  });

  it('updates the record at the version it was read at', async () => {
    const { sent, save } = requests();
    const { view, closes } = renderDialogSave(note, save);
    await act(() => view.result.current.dialog.submit('second'));
    expect(sent).toEqual([{ kind: 'update', input: 'second', id: 4, version: note.updatedAt }]);
    expect(view.result.current.notice).toMatchObject({ title: 'Note updated successfully' });
    expect(closes()).toBe(1);
  });

  it('says a change made meanwhile in the dialog, stays open, and saves over it when asked again', async () => {
    const { sent, save, answerWith } = requests();
    const { view, closes } = renderDialogSave(note, save);
    const before = view.result.current.notice;
    answerWith(() => Promise.reject(new ApiError(412, 'Changed', '2030-02-02T00:00:00.000Z')));
    await act(() => view.result.current.dialog.submit('mine'));
    expect(view.result.current.dialog.changedMeanwhile).toBe(true);
    expect(view.result.current.notice).toBe(before);
    expect(closes()).toBe(0);

    answerWith(async () => ({}));
    await act(() => view.result.current.dialog.submit('mine'));
    expect(sent.at(-1)).toMatchObject({ version: '2030-02-02T00:00:00.000Z' });
    expect(closes()).toBe(1);
    expect(view.result.current.dialog.changedMeanwhile).toBe(false);
  });

  it('names a failure by its own title, or the ended session, and stays open', async () => {
    const { save, answerWith } = requests();
    const { view, closes } = renderDialogSave(undefined, save);
    answerWith(() => Promise.reject(new ApiError(400, 'Name is required')));
    await act(() => view.result.current.dialog.submit(''));
    expect(view.result.current.notice).toMatchObject({
      title: 'Failed to create note',
      message: 'Name is required',
      kind: 'error',
    });

    answerWith(() => Promise.reject(new ApiError(401, 'Authentication required')));
    await act(() => view.result.current.dialog.submit('again'));
    expect(view.result.current.notice).toMatchObject({
      message: 'You must be logged in to manage notes',
    });
    expect(closes()).toBe(0);
  });

  it('closes, with a notice, when the record it edits was deleted meanwhile', async () => {
    const { save, answerWith } = requests();
    const { view, closes } = renderDialogSave(note, save);
    answerWith(() => Promise.reject(new ApiError(404, 'Note not found')));
    await act(() => view.result.current.dialog.submit('mine'));
    expect(view.result.current.notice).toMatchObject({ message: 'Note not found', kind: 'error' });
    expect(closes()).toBe(1);
  });

  it("says 'Error' when a failure has no title of its own", async () => {
    const { save, answerWith } = requests();
    const { view } = renderDialogSave(note, save);
    answerWith(() => Promise.reject(new ApiError(400, 'Text is too long')));
    await act(() => view.result.current.dialog.submit('x'.repeat(9)));
    expect(view.result.current.notice).toMatchObject({
      title: 'Error',
      message: 'Text is too long',
    });
  });

  it('saves once on a double click', async () => {
    const { sent, save, answerWith } = requests();
    let land = () => {};
    answerWith(() => new Promise<void>((resolve) => (land = resolve)));
    const { view, closes } = renderDialogSave(undefined, save);
    await act(async () => {
      const first = view.result.current.dialog.submit('once');
      void view.result.current.dialog.submit('once');
      land();
      await first;
    });
    expect(sent).toHaveLength(1);
    expect(closes()).toBe(1);
  });

  it('does nothing when it may only edit and has no record', async () => {
    const { sent, save } = requests();
    const { view, closes } = renderDialogSave(undefined, { ...save, create: null });
    await act(() => view.result.current.dialog.submit('new'));
    expect(sent).toEqual([]);
    expect(closes()).toBe(0);
  });
});

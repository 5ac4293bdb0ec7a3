import { act, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { BoardTask } from '../../../../domain/grants.ts';
import { createQueryClient } from '../../../lib/query-client.ts';
import { aTask } from '../../../test/records.ts';
import { renderPage } from '../../../test/render.tsx';
import { taskKeys } from './task-keys.ts';
import { useSetTaskStatus } from './tasks-api.ts';

const card: BoardTask = {
  ...aTask,
  grantName: 'Clean Water',
  assigneeName: null,
  updatedAt: '2030-01-01T10:00:00.000Z',
};

describe("a task's status set from the board", () => {
  it('is sent at the version shown, and the card takes the version saved: moved again at once, it is not refused over its own move', async () => {
    const queryClient = createQueryClient();
    queryClient.setQueryData(taskKeys.boardList({}), [card]);
    let version = 0;
    let setStatus: ReturnType<typeof useSetTaskStatus> | undefined;
    function Board() {
      setStatus = useSetTaskStatus();
      return null;
    }
    const view = renderPage(<Board />, {
      queryClient,
      answer: ({ method, body }) =>
        method === 'PATCH'
          ? {
              body: {
                ...aTask,
                ...(body as object),
                updatedAt: `2030-01-01T10:00:0${++version}.000Z`,
              },
            }
          : // The board read anew answers nothing new before the next move is made.
            undefined,
    });
    await waitFor(() => expect(setStatus).toBeDefined());
    const shown = () => queryClient.getQueryData<BoardTask[]>(taskKeys.boardList({}))?.[0];
    await act(() => setStatus?.mutateAsync({ task: card, status: 'in-progress' }));
    expect(shown()).toMatchObject({ status: 'in-progress', updatedAt: '2030-01-01T10:00:01.000Z' });
    const moved = shown();
    if (!moved) throw new Error('the card is gone');
    await act(() => setStatus?.mutateAsync({ task: moved, status: 'completed' }));
    expect(
      view.sent.filter((request) => request.method === 'PATCH').map((request) => request.ifMatch),
    ).toEqual(['"2030-01-01T10:00:00.000Z"', '"2030-01-01T10:00:01.000Z"']);
  });
});

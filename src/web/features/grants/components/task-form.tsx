import { Button, Select, Stack, Textarea, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';
import {
  type Task,
  type TaskInput,
  taskCategories,
  taskInputSchema,
  taskStatuses,
  taskStatusLabels,
} from '../../../../domain/grants.ts';
import { fromLocalInput, toLocalInput } from '../../../lib/format.ts';
import { zodResolver } from '../../../lib/zod-resolver.ts';
import { useGrants } from '../api/grants-api.ts';
import { categoryLabel } from './task-category-label.ts';

interface TaskFormValues {
  grantId: string | null;
  name: string;
  description: string;
  category: string | null;
  dueDate: string;
  status: string;
}

export interface TaskSubmission {
  grantId: number;
  input: TaskInput;
}

const toInput = (values: TaskFormValues) => ({
  name: values.name,
  description: values.description,
  category: values.category ?? undefined,
  dueDate: fromLocalInput(values.dueDate),
  status: values.status,
});

const validateInput = zodResolver(taskInputSchema);

/** A grant task; `grantId` fixes the grant, otherwise the form asks for one. */
export function TaskForm({
  grantId,
  task,
  onSubmit,
  pending,
}: {
  grantId?: number;
  task?: Task;
  onSubmit: (submission: TaskSubmission) => void;
  pending: boolean;
}) {
  const form = useForm<TaskFormValues>({
    initialValues: {
      grantId: grantId ? String(grantId) : null,
      name: task?.name ?? '',
      description: task?.description ?? '',
      category: task?.category ?? null,
      dueDate: task?.dueDate ? toLocalInput(task.dueDate) : '',
      status: task?.status ?? 'pending',
    },
    validate: (values) => ({
      ...validateInput(toInput(values)),
      ...(values.grantId ? {} : { grantId: 'Grant is required' }),
    }),
  });
  const [search, setSearch] = useState('');
  const [q] = useDebouncedValue(search, 200);
  const grants = useGrants({ q, sort: 'name', limit: 20 }, grantId === undefined);

  const submit = form.onSubmit((values) =>
    onSubmit({ grantId: Number(values.grantId), input: toInput(values) as TaskInput }),
  );

  return (
    <form onSubmit={submit} noValidate>
      <Stack>
        {grantId === undefined && (
          <Select
            label="Grant"
            placeholder="Search grants"
            withAsterisk
            searchable
            searchValue={search}
            onSearchChange={setSearch}
            filter={({ options }) => options}
            data={(grants.data?.items ?? []).map((g) => ({ value: String(g.id), label: g.name }))}
            nothingFoundMessage={grants.isFetching ? 'Searching…' : 'No grants found'}
            data-autofocus
            {...form.getInputProps('grantId')}
          />
        )}
        <TextInput label="Task Name" withAsterisk {...form.getInputProps('name')} />
        <Textarea
          label="Description"
          withAsterisk
          autosize
          minRows={2}
          maxRows={6}
          {...form.getInputProps('description')}
        />
        <Select
          label="Category"
          withAsterisk
          placeholder="Choose a category"
          data={taskCategories.map((c) => ({ value: c, label: categoryLabel(c) }))}
          {...form.getInputProps('category')}
        />
        <TextInput
          label="Due Date"
          type="datetime-local"
          withAsterisk
          {...form.getInputProps('dueDate')}
        />
        <Select
          label="Status"
          allowDeselect={false}
          data={taskStatuses.map((s) => ({ value: s, label: taskStatusLabels[s] }))}
          {...form.getInputProps('status')}
        />
        <Button type="submit" disabled={pending}>
          {pending ? 'Saving...' : task ? 'Update Task' : 'Create Task'}
        </Button>
      </Stack>
    </form>
  );
}

import { Select, Stack, TextInput } from '@mantine/core';
import {
  type TaskFormValues,
  taskPayload,
  toLocalInput,
} from '../../../../domain/form-payloads.ts';
import {
  type Task,
  type TaskInput,
  taskCategories,
  taskCategoryLabels,
  taskInputSchema,
  taskStatuses,
  taskStatusLabels,
} from '../../../../domain/grants.ts';
import { useDialogForm } from '../../../components/dialog-form.ts';
import type { DialogFormProps } from '../../../components/dialog-save.tsx';
import { DateTimeInput, GrowingTextarea } from '../../../components/form-fields.tsx';
import { SaveButton } from '../../../components/save-button.tsx';
import { choicesOf } from '../../../lib/choices.ts';
import { choicesFailed } from '../../../lib/nothing-matches.ts';
import { useSearchedChoice } from '../../../lib/searched-choice.ts';
import { zodResolver } from '../../../lib/zod-resolver.ts';
import { AssigneeSelect } from '../../company/components/assignee-select.tsx';
import { useGrants } from '../api/grants-api.ts';
import { grantChoices } from '../grant-choices.ts';

export interface TaskSubmission {
  grantId: number;
  input: TaskInput;
}

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
} & DialogFormProps<TaskSubmission>) {
  const form = useDialogForm<TaskFormValues>(
    {
      initialValues: {
        grantId: grantId ? String(grantId) : null,
        name: task?.name ?? '',
        description: task?.description ?? '',
        category: task?.category ?? null,
        dueDate: task?.dueDate ? toLocalInput(task.dueDate) : '',
        status: task?.status ?? 'pending',
        assigneeId: task?.assigneeId ? String(task.assigneeId) : null,
      },
      validate: (values) => ({
        ...validateInput(taskPayload(values, task)),
        ...(values.grantId ? {} : { grantId: 'Grant is required' }),
      }),
    },
    // The member chosen was removed meanwhile (400).
    { assigneeId: 'assigneeId' },
  );
  const search = useSearchedChoice();
  const grants = useGrants({ q: search.q, sort: 'name', limit: 20 }, grantId === undefined);
  const choices = grantChoices(grants.data?.items ?? []);
  const grantInput = form.getInputProps('grantId');

  const submit = form.onSubmit((values) =>
    onSubmit({ grantId: Number(values.grantId), input: taskPayload(values, task) as TaskInput }),
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
            {...search.searchProps(choices, form.values.grantId)}
            filter={({ options }) => options}
            data={choices}
            // A listbox holds options only: while none are there, the field says why instead.
            description={
              choicesFailed(grants) ??
              (search.searching &&
                !choices.length &&
                (grants.isFetching ? 'Searching…' : 'No grants found'))
            }
            data-autofocus
            // Focused as the dialog opens, it waits for a key or a click to list the grants, so
            // the list does not cover the fields below it (and the first Escape closes the dialog).
            openOnFocus={false}
            {...grantInput}
            onChange={(value, option) => {
              grantInput.onChange(value);
              search.picked(value === null ? null : option.label);
            }}
          />
        )}
        <TextInput
          label="Task Name"
          withAsterisk
          // The first field shown has the focus: the grant's when it is asked for, else the name.
          data-autofocus={grantId === undefined ? undefined : true}
          {...form.getInputProps('name')}
        />
        <GrowingTextarea
          label="Description"
          withAsterisk
          minRows={2}
          maxRows={6}
          {...form.getInputProps('description')}
        />
        <Select
          label="Category"
          withAsterisk
          placeholder="Choose a category"
          data={choicesOf(taskCategories, taskCategoryLabels)}
          {...form.getInputProps('category')}
        />
        <DateTimeInput label="Due Date" {...form.getInputProps('dueDate')} />
        <Select
          label="Status"
          allowDeselect={false}
          data={choicesOf(taskStatuses, taskStatusLabels)}
          {...form.getInputProps('status')}
        />
        <AssigneeSelect {...form.getInputProps('assigneeId')} />
        <SaveButton pending={pending}>{task ? 'Update Task' : 'Create Task'}</SaveButton>
      </Stack>
    </form>
  );
}

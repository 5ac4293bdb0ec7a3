import { Group, Modal, Select, Stack, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { type FunderFormValues, funderPayload } from '../../../../domain/form-payloads.ts';
import { funderTypeLabels, funderTypes } from '../../../../domain/funder-constants.ts';
import { type Funder, type FunderPatch, funderPatchSchema } from '../../../../domain/funders.ts';
import { counted } from '../../../../domain/wording.ts';
import { closeUnlessSaving } from '../../../components/close-unless-saving.ts';
import { askConfirmation } from '../../../components/confirm.tsx';
import { useDialogForm } from '../../../components/dialog-form.ts';
import { type DialogFormProps, useDialogSave } from '../../../components/dialog-save.tsx';
import { ChangedMeanwhile } from '../../../components/edit-conflict.tsx';
import { FormDialog } from '../../../components/form-dialog.tsx';
import { GrowingTextarea } from '../../../components/form-fields.tsx';
import { CancelButton, SaveButton } from '../../../components/save-button.tsx';
import { choicesOf } from '../../../lib/choices.ts';
import { choicesFailed } from '../../../lib/nothing-matches.ts';
import { withNotice } from '../../../lib/notify.ts';
import { useOneAtATime } from '../../../lib/one-at-a-time.ts';
import { zodResolver } from '../../../lib/zod-resolver.ts';
import { useDeleteFunder, useMergeFunder, useUpdateFunder } from '../api/funder-mutations.ts';
import { funderQueryOptions, useFunders } from '../api/funders-api.ts';

const typeChoices = choicesOf(funderTypes, funderTypeLabels);
const validatePatch = zodResolver(funderPatchSchema);

/**
 * 'Edit Funder': its name, type, website and notes. A new name is given to every grant,
 * opportunity and contact that carried the old one; a cleared field is saved as cleared.
 */
export function EditFunderDialog({
  funder,
  opened,
  onClose,
}: {
  funder: Funder;
  opened: boolean;
  onClose: () => void;
}) {
  const update = useUpdateFunder();
  const {
    submit: save,
    close,
    changedMeanwhile,
  } = useDialogSave(
    funder,
    {
      create: null,
      update: {
        run: (input: FunderPatch, { id }, version) => update.mutateAsync({ id, input, version }),
        success: 'Funder updated successfully',
      },
    },
    onClose,
  );
  return (
    <FormDialog
      opened={opened}
      onClose={close}
      title="Edit Funder"
      saving={update.isPending}
      centered
      above={changedMeanwhile && <ChangedMeanwhile noun="funder" />}
    >
      <EditFunderForm funder={funder} onSubmit={save} onCancel={close} pending={update.isPending} />
    </FormDialog>
  );
}

/** What the Edit Funder dialog's form holds, checked as the server checks it. */
function EditFunderForm({
  funder,
  onSubmit,
  onCancel,
  pending,
}: DialogFormProps<FunderPatch> & { funder: Funder; onCancel: () => void }) {
  const form = useDialogForm<FunderFormValues>(
    {
      initialValues: {
        name: funder.name,
        type: funder.type,
        website: funder.website ?? '',
        notes: funder.notes ?? '',
      },
      validate: (values) => validatePatch(funderPayload(values)),
    },
    // Another funder has the name already (409).
    { name: 'name' },
  );
  return (
    <form onSubmit={form.onSubmit((values) => onSubmit(funderPayload(values)))} noValidate>
      <Stack>
        <TextInput
          label="Name"
          withAsterisk
          data-autofocus
          description="Grants, opportunities and contacts that name this funder take the new name."
          {...form.getInputProps('name')}
        />
        <Select
          label="Type"
          placeholder="Not set"
          data={typeChoices}
          clearable
          // Mantine hides its clear button from the keyboard and screen readers: this one is a
          // button like any other, so a type can be taken off without a pointer too.
          clearButtonProps={{ 'aria-label': 'Clear type', 'aria-hidden': false, tabIndex: 0 }}
          // Taken off with that button only: Enter on the type chosen took it off unseen.
          allowDeselect={false}
          {...form.getInputProps('type')}
        />
        <TextInput
          label="Website"
          type="url"
          placeholder="https://"
          {...form.getInputProps('website')}
        />
        <GrowingTextarea label="Notes" {...form.getInputProps('notes')} />
        <Group justify="flex-end">
          <CancelButton saving={pending} onCancel={onCancel} />
          <SaveButton pending={pending}>Save Changes</SaveButton>
        </Group>
      </Stack>
    </form>
  );
}

/**
 * 'Merge Funder' (administrators): choose the funder to keep; this one's grants, opportunities
 * and contacts take its name, and this one is removed. `onMerged` gets the kept funder.
 */
export function MergeFunderDialog({
  funder,
  opened,
  onClose,
  onMerged,
}: {
  funder: Funder;
  opened: boolean;
  onClose: () => void;
  onMerged: (kept: Funder) => void;
}) {
  const [search, setSearch] = useState('');
  const [q] = useDebouncedValue(search.trim(), 250);
  const [intoId, setIntoId] = useState<string | null>(null);
  const choices = useFunders({ q, limit: 20 }, opened);
  const merge = useMergeFunder();
  const others = (choices.data?.items ?? []).filter((other) => other.id !== funder.id);
  const chosen = others.find((other) => String(other.id) === intoId);
  // Kept mounted between openings: each opening asks anew, with nothing chosen.
  useEffect(() => {
    if (opened) return;
    setSearch('');
    setIntoId(null);
  }, [opened]);

  // One merge at a time: a double click on Merge sends one request.
  const mergeChosen = useOneAtATime(async (into: Funder) => {
    let kept: Funder | undefined;
    const merged = await withNotice(async () => {
      kept = await merge.mutateAsync({ id: funder.id, intoId: into.id });
    }, `${funder.name} merged into ${into.name}`);
    if (merged && kept) onMerged(kept);
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (chosen) void mergeChosen(chosen);
  };
  const dismiss = closeUnlessSaving(merge.isPending, onClose);

  return (
    <Modal opened={opened} onClose={dismiss} title="Merge Funder" centered>
      <form onSubmit={submit}>
        <Stack>
          <Text size="sm">
            {`Every grant, opportunity and contact of ${funder.name} takes the name of the funder you choose, and ${funder.name} is removed. This cannot be undone.`}
          </Text>
          <Select
            label="Merge into"
            // The dialog opens ready for a name to be typed; the list opens as it is typed (or
            // with the arrows), so Escape at once still closes the dialog.
            data-autofocus
            openOnFocus={false}
            placeholder="Search funders"
            searchable
            searchValue={search}
            onSearchChange={setSearch}
            filter={({ options }) => options}
            data={others.map((other) => ({ value: String(other.id), label: other.name }))}
            value={intoId}
            onChange={setIntoId}
            // A listbox holds options only: while none are there, the field says why instead.
            description={
              choicesFailed(choices) ??
              (!others.length && (choices.isFetching ? 'Loading...' : 'No other funders'))
            }
          />
          <Group justify="flex-end">
            <CancelButton saving={merge.isPending} onCancel={onClose} />
            <SaveButton
              pending={merge.isPending}
              pendingLabel="Merging..."
              disabled={!chosen}
              color="red"
            >
              Merge
            </SaveButton>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

/**
 * 'Delete funder' (administrators), asked as every deletion is, when `asked` turns true; then
 * `onAsked` (the question is the confirmation's now: it gives the focus back when answered).
 * `onDeleted` runs once the funder is gone. Mounted from the first question on, so the deletion
 * outlives the question. A funder that grants, opportunities or contacts still name (counted
 * anew when asked) cannot be deleted (the server refuses it): the question says so, and offers
 * Merge Funder instead (`onMerge`).
 */
export function DeleteFunder({
  funder,
  asked,
  onAsked,
  onDeleted,
  onMerge,
}: {
  funder: Funder;
  asked: boolean;
  onAsked: () => void;
  onDeleted: () => void;
  /** Opens Merge Funder: what a funder still named by records takes instead of a deletion. */
  onMerge: () => void;
}) {
  const remove = useDeleteFunder();
  const deleted = useRef(onDeleted);
  deleted.current = onDeleted;
  const merge = useRef(onMerge);
  merge.current = onMerge;
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!asked) return;
    onAsked();
    // What names the funder as it is now, not as the page last read it.
    const fresh = queryClient
      .fetchQuery({ ...funderQueryOptions(funder.id), staleTime: 0 })
      .catch(() => null);
    void fresh.then((now) => {
      const { grantCount, opportunityCount, contactCount } = now ?? funder;
      if (grantCount + opportunityCount + contactCount === 0) {
        askConfirmation({
          title: 'Delete funder',
          // As read just now, which the page shows too.
          message: `Delete ${(now ?? funder).name}? Its type, website and notes will be lost. This cannot be undone.`,
          confirmLabel: 'Delete',
          onConfirm: async () => {
            // At the version just read, which the page now shows.
            const version = (now ?? funder).updatedAt;
            const deleting = () => remove.mutateAsync({ id: funder.id, version });
            if (await withNotice(deleting, 'Funder deleted successfully')) deleted.current();
          },
        });
        return;
      }
      // The server would refuse it (409): said before asking, with the way out.
      const named = [
        counted(grantCount, 'grant'),
        counted(opportunityCount, 'opportunity', 'opportunities'),
        counted(contactCount, 'contact'),
      ].filter((count) => !count.startsWith('0 '));
      askConfirmation({
        title: 'Delete funder',
        message: `${(now ?? funder).name} is still named by ${named.join(', ')}: merge it into another funder instead.`,
        confirmLabel: 'Merge instead',
        harmless: true,
        onConfirm: () => merge.current(),
      });
    });
  }, [asked, funder, queryClient, remove, onAsked]);
  return null;
}

import { Select, type SelectProps } from '@mantine/core';
import { useState } from 'react';
import { nothingMatches } from '../../../lib/nothing-matches.ts';
import { useTeam } from '../api/company-api.ts';

/**
 * Who does a piece of work (a task, a requirement): one of the team, searchable, or nobody
 * ('Unassigned'). Its value is the user's id as text, null for nobody.
 */
export function AssigneeSelect(props: Omit<SelectProps, 'label' | 'data'>) {
  const team = useTeam();
  const [search, setSearch] = useState('');
  const members = (team.data ?? []).map((member) => ({
    value: String(member.id),
    label: member.name,
  }));
  const names = members.map((member) => member.label);
  return (
    <Select
      label="Assignee"
      placeholder="Unassigned"
      clearable
      // Mantine hides its clear button from the keyboard and screen readers: this one is a
      // button like any other, so everyone can unassign the work.
      clearButtonProps={{ 'aria-label': 'Clear assignee', 'aria-hidden': false, tabIndex: 0 }}
      searchable
      searchValue={search}
      onSearchChange={setSearch}
      data={members}
      description={
        team.isPending ? 'Loading…' : nothingMatches(names, search) && 'No one by that name'
      }
      {...props}
      onBlur={(event) => {
        // A name erased and left unassigns, as the clear button does (Mantine would put the
        // name back and keep the assignee).
        if (search.trim() === '' && props.value) props.onChange?.(null, { value: '', label: '' });
        props.onBlur?.(event);
      }}
    />
  );
}

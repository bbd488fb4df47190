import type { auth } from '@extranet/contract';
import { Loader, MultiSelect, type MultiSelectProps, Select, type SelectProps } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCompanyOptions } from './use-company-options';

type OwnProps = 'data' | 'value' | 'onChange' | 'searchable' | 'searchValue' | 'onSearchChange';

interface CompanySelectProps extends Omit<SelectProps<number>, OwnProps> {
  value: number | null;
  onChange: (value: number | null) => void;
}

/** One company of the user's (every company for role 99), searched on the server. */
export function CompanySelect({ value, onChange, ...props }: CompanySelectProps) {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const { data, isFetching } = useCompanyOptions({ selected: value === null ? [] : [value], search });
  return (
    <Select<number>
      data={data}
      value={value}
      onChange={(next) => onChange(next)}
      searchable
      searchValue={search}
      onSearchChange={setSearch}
      filter={({ options }) => options}
      nothingFoundMessage={t('auth.pickers.nothingFound')}
      rightSection={isFetching ? <Loader size={14} aria-hidden /> : undefined}
      {...props}
    />
  );
}

interface CompanyMultiSelectProps extends Omit<MultiSelectProps<number>, OwnProps> {
  value: number[];
  onChange: (value: number[]) => void;
  /** Companies whose names are already known (a profile's), so they need no lookup. */
  known?: auth.Company[];
}

/** Several companies of the user's (every company for role 99), searched on the server. */
export function CompanyMultiSelect({ value, onChange, known, ...props }: CompanyMultiSelectProps) {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const { data } = useCompanyOptions({ selected: value, search, known });
  return (
    <MultiSelect<number>
      data={data}
      value={value}
      onChange={onChange}
      searchable
      searchValue={search}
      onSearchChange={setSearch}
      filter={({ options }) => options}
      hidePickedOptions
      nothingFoundMessage={t('auth.pickers.nothingFound')}
      {...props}
    />
  );
}

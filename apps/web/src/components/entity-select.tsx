// A searchable picker over a paged master-data list (vessels, operators, agents, ports): the server filters, we show its first page.
import { useMemo, useRef, useState } from 'react';
import { Loader, Select, type SelectProps } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';
import { useMasterDataSearch, type TMasterDataItem, type TMasterDataKind } from '@/lib/master-data-search';

/** What the open list says while it searches and when nothing matched; each screen family keeps its own wording. */
export type TEntitySelectTexts = { searching: string; nothingFound: string };

type TEntitySelectProps<K extends TMasterDataKind> = Omit<SelectProps, 'data' | 'value' | 'onChange' | 'searchValue' | 'onSearchChange' | 'filter'> & {
  kind: K;
  value: number | null;
  /** The label of the chosen record, known by the caller (from the record being edited or an earlier pick). */
  selectedLabel: string | null;
  optionLabel: (item: TMasterDataItem[K]) => string;
  onChange: (value: number | null, item: TMasterDataItem[K] | null) => void;
  testId: string;
  /** Defaults to the port-call picker texts. */
  searchTexts?: TEntitySelectTexts;
};

const SEARCH_DEBOUNCE_MS = 250;

export function EntitySelect<K extends TMasterDataKind>({ kind, value, selectedLabel, optionLabel, onChange, testId, searchTexts, ...rest }: TEntitySelectProps<K>) {
  const { t } = useTranslation();
  const [search, setSearch] = useState(selectedLabel ?? '');
  const [isOpened, setOpened] = useState(false);
  const [debounced] = useDebouncedValue(search, SEARCH_DEBOUNCE_MS);
  // While the box shows the chosen record's label, the list shows everything rather than searching for that label.
  const queryText = debounced === selectedLabel ? '' : debounced;
  const query = useMasterDataSearch(kind, queryText, isOpened || (value === null && queryText !== ''));
  const itemsById = useRef(new Map<number, TMasterDataItem[K]>());

  const data = useMemo(() => {
    const items = (query.data?.items ?? []) as TMasterDataItem[K][];
    for (const item of items) itemsById.current.set(item.id, item);
    const options = items.map((item) => ({ value: String(item.id), label: optionLabel(item) }));
    if (value !== null && !options.some((o) => o.value === String(value))) options.unshift({ value: String(value), label: selectedLabel ?? String(value) });
    return options;
  }, [query.data, value, selectedLabel, optionLabel]);

  const texts = searchTexts ?? { searching: t('portcalls.picker.searching'), nothingFound: t('portcalls.picker.nothing_found') };
  return (
    <Select
      searchable
      clearable
      data={data}
      value={value === null ? null : String(value)}
      searchValue={search}
      onSearchChange={setSearch}
      onChange={(next) => {
        const id = next === null ? null : Number(next);
        onChange(id, id === null ? null : (itemsById.current.get(id) ?? null));
      }}
      filter={({ options }) => options}
      onDropdownOpen={() => setOpened(true)}
      onDropdownClose={() => setOpened(false)}
      nothingFoundMessage={query.isFetching ? texts.searching : texts.nothingFound}
      rightSection={query.isFetching && isOpened ? <Loader size={16} /> : undefined}
      comboboxProps={{ withinPortal: true }}
      data-testid={testId}
      {...rest}
    />
  );
}

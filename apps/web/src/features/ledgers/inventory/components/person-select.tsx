import { useQuery } from '@tanstack/react-query';
import { Select } from 'antd';
import { useState } from 'react';
import { findPeople } from '../api/inventory-api.ts';
import { inventoryKeys } from '../api/inventory-query-keys.ts';

/** A person of the caller's institute, searched by name or login name (领用人, 第二领用人). */
export function PersonSelect({
  value,
  onChange,
  placeholder,
  testId,
}: {
  value?: number;
  onChange?: (v: number | undefined) => void;
  placeholder: string;
  testId?: string;
}) {
  const [keyword, setKeyword] = useState('');
  const q = useQuery({ queryKey: inventoryKeys.people(keyword), queryFn: () => findPeople(keyword) });
  return (
    <Select
      showSearch={{ filterOption: false, onSearch: setKeyword }}
      allowClear
      value={value}
      onChange={onChange}
      placeholder={placeholder}
      loading={q.isLoading}
      data-testid={testId}
      options={(q.data ?? []).map((p) => ({ value: p.id, label: `${p.realName}（${p.userName}）` }))}
    />
  );
}

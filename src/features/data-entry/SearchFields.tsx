// The data-entry search fields (spec §2 Data entry): UPC, Style, Size, Color, ASIN, Brand/Vendor, MSRP and
// Wholesale Price, each with type-ahead suggestions (page 0, size 100; the list hides 500 ms after focus
// leaves). Enter in any field runs the Search, as a barcode scanner ends with Enter.
import { SEARCH_FIELDS, type CatalogueSearch, type SearchField } from '../../domains/upcs';
import { SuggestBox } from '../../ui/SuggestBox';

export const SEARCH_LABELS: Readonly<Record<SearchField, string>> = {
  upc: 'UPC',
  style: 'Style',
  size: 'Size',
  color: 'Color',
  asin: 'ASIN',
  vendor: 'Brand/Vendor',
  msrp: 'MSRP',
  wholesale: 'Wholesale Price',
};

export interface SearchFieldsProps {
  readonly search: CatalogueSearch;
  readonly onChange: (search: CatalogueSearch) => void;
  readonly suggestions: Readonly<Partial<Record<SearchField, readonly string[]>>>;
  readonly onSuggest: (field: SearchField, text: string) => void;
  readonly onSearch: (search: CatalogueSearch) => void;
}

const NONE: readonly string[] = [];

export function SearchFields({ search, onChange, suggestions, onSuggest, onSearch }: SearchFieldsProps) {
  return (
    <div role="search" aria-label="Search the catalogue" className="grid grid-cols-2 gap-x-2 gap-y-1 sm:gap-3 md:grid-cols-4">
      {SEARCH_FIELDS.map((field) => (
        <SuggestBox
          key={field}
          label={SEARCH_LABELS[field]}
          value={search[field]}
          onChange={(text) => onChange({ ...search, [field]: text })}
          suggestions={suggestions[field] ?? NONE}
          minChars={0}
          onRequest={(text) => onSuggest(field, text)}
          onSelect={(text) => onChange({ ...search, [field]: text })}
          onSubmit={(text) => onSearch({ ...search, [field]: text })}
        />
      ))}
    </div>
  );
}

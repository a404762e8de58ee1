/**
 * Class names that lay a table out as one card per row below the `md` breakpoint, each cell under its column's
 * name (the cell's `data-label`), so that a phone shows every column without scrolling sideways; from `md` it is
 * the table it is.
 */
export const stackedTable = {
  table: 'max-md:block',
  head: 'max-md:hidden',
  body: 'max-md:block',
  row: 'max-md:block max-md:py-2',
  cell: 'max-md:flex max-md:flex-wrap max-md:items-baseline max-md:gap-x-2 max-md:py-1 max-md:before:font-medium max-md:before:text-slate-500 max-md:before:content-[attr(data-label)]',
} as const;

/** `value` rounded to `places` decimals: what the analysis stores and answers. */
export const round = (value: number, places = 3): number => Math.round(value * 10 ** places) / 10 ** places;

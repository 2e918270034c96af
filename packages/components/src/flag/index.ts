export { countryFlag } from './country-flag';
export { Flag, type FlagProps } from './flag';

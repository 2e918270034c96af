export { Flag, type FlagProps } from './Flag';
export { countryFlag } from './flag';

export * from './enums';
export * from './user';
export * from './access';
export * from './messages';
export * from './constants';
export * from './sessions';
export * from './analysis';
export * from './dashboards';

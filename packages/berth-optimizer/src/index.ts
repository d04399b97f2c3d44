// The berth allocation optimizer: instance model and JSON format, plan checker, objective, FCFS baseline,
// the anytime solver and the HiGHS reference model.
export * from './model';
export * from './instance-format';
export * from './objective';
export * from './checker';
export * from './fcfs';
export * from './solver';
export * from './exact';
export * from './lalla-ruiz';
export * from './generate';
export { TideOracle, tideLevelFunction } from './tide';
export { handlingHours, sectionSpan } from './places';

// The shift planner feature: what the app shell mounts.
export { ShiftPlannerScreen } from './components/shift-planner-screen';

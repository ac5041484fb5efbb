// The rules of a plan's write against what the service holds now live with the override write path
// (actions/plan-held.ts), so take-over's hand back applies them too; kept here under the name the hand-off uses.
export * from '../actions/plan-held';
export * from '../actions/still-in-place';

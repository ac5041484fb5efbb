// The form views by route name, in one module of the forms chunk: the popover's first load then holds one lazy
// import of them all (they are one chunk anyway) instead of one import, with its preload list, per view.
import type { Component } from 'svelte';
import type { ViewName } from '../../../electron/shared/ipc-contract';
import type { AppState } from '../../../electron/shared/view-state';
import AwayView from './AwayView.svelte';
import ChatGroupView from './ChatGroupView.svelte';
import CoverageView from './CoverageView.svelte';
import OnboardingView from './OnboardingView.svelte';
import OverrideView from './OverrideView.svelte';
import SettingsView from './SettingsView.svelte';
import SwapView from './SwapView.svelte';
import TeamView from './TeamView.svelte';
import WeekView from './WeekView.svelte';

/** Every form view takes the state and the route's parameters (those that need none ignore them). */
export type FormView = Component<{ model: AppState; params: Record<string, string> }>;

export const formViews: Record<Exclude<ViewName, 'status'>, FormView> = {
  override: OverrideView,
  coverage: CoverageView,
  team: TeamView,
  'chat-group': ChatGroupView,
  settings: SettingsView,
  onboarding: OnboardingView,
  week: WeekView,
  away: AwayView,
  swap: SwapView,
};

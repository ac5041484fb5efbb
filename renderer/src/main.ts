import { mount } from 'svelte';
import App from './App.svelte';
import { startAppState } from './lib/app-state.svelte';
import { startRouter } from './lib/router.svelte';
import './app.css';

// Marks for the benchmark's first-render breakdown (script start → state in → first paint with data).
performance.mark('oncall:script');
startRouter();
// Ask for the state before mounting, so the round trip to main overlaps building the first view.
void startAppState();
const target = document.getElementById('app');
if (target) mount(App, { target });

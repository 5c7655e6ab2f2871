#!/usr/bin/env node
// Package bin: the committed CLI bundle (built from src/cli by `npm run package`).
import '../dist/cli/index.js';

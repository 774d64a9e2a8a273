import 'reflect-metadata';
import { migrateCommand } from '@academy/service-core';
import { progressDatabase } from './database.js';

await migrateCommand(progressDatabase);

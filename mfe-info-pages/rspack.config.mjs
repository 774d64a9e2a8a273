import { createAppConfig } from '../tools/rspack/create-app-config.mjs';

export default createAppConfig({
  appDir: import.meta.dirname,
  name: 'info',
  title: 'Academy – information',
  exposes: {
    './App': './src/App.tsx',
    './TestimonialsSection': './src/sections/TestimonialsSection.tsx',
    './FaqTeaser': './src/sections/FaqTeaser.tsx',
  },
});

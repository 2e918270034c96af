import type { Preview } from '@storybook/react-vite';
import '../src/style/tokens.css';

const preview: Preview = {
  parameters: { layout: 'padded' },
};

export default preview;

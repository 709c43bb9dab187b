import { renderMessage } from './commit-message';

describe('renderMessage', () => {
  it('fills variables, dotted paths included', () => {
    expect(renderMessage('{{ project_name }}/{{component_name}}: {{ stats.translated }} of {{ stats.all }}', {
      project_name: 'Hello', component_name: 'App', stats: { translated: 3, all: 10 },
    })).toBe('Hello/App: 3 of 10');
  });

  it('renders unknown variables empty and leaves other text alone', () => {
    expect(renderMessage('a {{ nope }} b {{ x.y.z }} {% if %}', { x: {} })).toBe('a  b  {% if %}');
  });
});

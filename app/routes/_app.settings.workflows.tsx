// An area not built yet: the one 'coming soon' page, which knows this path's title and notice.
export { default, loader, meta } from '~/features/shell/coming-soon'

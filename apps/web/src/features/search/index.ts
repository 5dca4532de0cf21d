// Search everywhere's results page (a chunk of its own); the top bar's box is components/shell-search.
export { SearchPage } from './pages/search-page';

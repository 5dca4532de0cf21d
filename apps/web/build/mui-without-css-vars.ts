import type { Plugin } from 'vite';

// MUI's createTheme and ThemeProvider import the CSS-variables flavour of both (createThemeWithVars,
// ThemeProviderWithVars: the color-scheme provider, its storage and its init script) and use it only for a
// theme made with `cssVariables` or `colorSchemes`. Our theme is neither (src/app/theme.test.ts holds it so),
// so the build puts a stub in their place: about 7 KB of brotli less in every first load.
const STUBS: Record<string, string> = {
  './createThemeWithVars.mjs': 'export const createGetCssVar = unused;\nexport default unused;',
  './ThemeProviderWithVars.mjs':
    'export const CssVarsProvider = unused;\nexport const Experimental_CssVarsProvider = unused;\n' +
    'export const useColorScheme = unused;\nexport const getInitColorSchemeScript = unused;',
};
const PREFIX = '\0mui-without-css-vars:';

export function muiWithoutCssVars(): Plugin {
  return {
    name: 'leadcircle-mui-without-css-vars',
    enforce: 'pre',
    resolveId(source, importer) {
      if (!(source in STUBS) || !importer?.replace(/\\/g, '/').includes('/@mui/material/styles/')) return null;
      return PREFIX + source;
    },
    load(id) {
      if (!id.startsWith(PREFIX)) return null;
      const unused =
        "function unused() {\n  throw new Error('MUI CSS-variables themes are left out of this build (apps/web/build/mui-without-css-vars.ts)');\n}\n";
      return unused + STUBS[id.slice(PREFIX.length)];
    },
  };
}

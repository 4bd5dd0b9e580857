"""Languages: gettext catalogs (``.po``) read at run time with Babel, no compile step."""

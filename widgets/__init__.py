"""ipywidgets + plotly components over gamelib. Thin: no rules logic lives here.

Visible strings come from the catalog in ``widgets/locales`` through :func:`widgets.i18n.t`.
"""

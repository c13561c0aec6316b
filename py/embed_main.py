"""Entry point of embedded boards (js/embed.js starts it): draw every [data-qwirkle] marker."""

from embed import page

page.start()

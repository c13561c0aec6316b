"""Entry point of the computer-player worker (started by app.page only for slow players).

It exports one function to the page; it never touches the DOM, so it needs no cross-origin
isolation (see OFFLINE.md, workers).
"""

from pyscript import sync

from app.ai_service import choose_move, hint_move

sync.choose_move = choose_move
sync.hint_move = hint_move

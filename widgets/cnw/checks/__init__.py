"""The checks of the CNW lessons: every "Try this" question answered in the page.

One module a lesson (``from widgets.cnw.checks import lesson1 as checks``), whose step functions
build the checks under one widget (``checks.battle(lab)``): the right answer is computed from
``gamelib`` (the board, ``battle``'s exact odds, ``corridors``, the shipment deck, seeded bot
games), never typed in, and ``on_explain`` moves the widget beside the check to the state that
shows it. The texts are ``cnw.checks.<lesson>.<name>.*`` in the catalog; ``common`` holds what
the lessons share. Nothing here decides a rule: it asks gamelib and words the answer.
"""

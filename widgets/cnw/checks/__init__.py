"""The checks of the CNW lessons: every "Try this" question answered in the page.

One module a lesson (``from widgets.cnw.checks import lesson1 as checks``), whose step functions
build the checks under one widget (``checks.battle(lab)``): the right answer is computed from
``gamelib`` (the board, ``battle``'s exact odds, ``corridors``, the shipment deck, seeded bot
games), never typed in, and ``on_explain`` moves the widget beside the check to the state that
shows it. The texts are ``cnw.checks.<lesson>.<name>.*`` in the catalog; ``common`` holds what
the lessons share. Nothing here decides a rule: it asks gamelib and words the answer.

Lessons 1 to 10 since issue #25 split lessons 1, 3 and 4 in two: the check names (``cnw1-*``)
and the catalog keys (``cnw.checks.lesson1.*``) keep the number of the lesson that held them
then, each module's docstring says which (``lesson2`` reads ``lesson1``'s texts); old lesson ids
are mapped to the new ones in ``widgets/lesson_ids.py``.
"""

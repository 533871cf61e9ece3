"""What a screen shows, worked out once from a seat's view: no Qt, no sockets.

Every screen of the game (the Qt window, a phone's page, the table page in a browser)
renders what this package works out from a `PlayerView` and the controller's record
of the last move: the question and its choices in words (`words`), the dice with
their faces and words (`dice`), the rolls the game put in for a player (`rolls`),
the moments and their sounds (`moments`), the board's stops for the keyboard and
screen readers (`board`) and the log lines (`log`). The renderers turn these values
into widgets or JSON frames and decide nothing about them.

It sits below both ``ui/`` and ``companion/``: it imports neither.
"""

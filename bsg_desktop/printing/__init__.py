"""Print-and-play pack: reportlab backend (`render`), sheet layouts (`sheets`), the three
PDFs (`pack`) and the ``bsg-express print`` command (`command`)."""

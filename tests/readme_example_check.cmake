# Fails unless README.md contains examples/embedding.cpp verbatim.
file(READ ${README} readme)
file(READ ${EXAMPLE} example)
string(FIND "${readme}" "${example}" at)
if(at EQUAL -1)
  message(FATAL_ERROR "README.md does not show examples/embedding.cpp verbatim: copy the file into its Embedding section")
endif()

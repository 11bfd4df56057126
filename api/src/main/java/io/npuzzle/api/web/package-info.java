/** What browsers are told with every answer: the content security policy and its companions. */
package io.npuzzle.api.web;
